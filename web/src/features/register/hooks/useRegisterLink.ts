// The introducer a visitor arrives with (spec section 4 "Registration"): an
// agent or invite link kept in cookies for LINK_EXPIRE_TIME, checked once
// for validity, and an agent's own domain that locks the currency.
import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@/lib/api-client';
import { getCookie, removeCookie, setCookie } from '@/lib/cookies';
import { registerCodeTarget } from '@/lib/register-codes';
import { agentDomainQuery, agentInfo, validLink } from '../api/register';
import type { RegisterType } from '../types';

export const LINK_COOKIES = ['register_type', 'member_agent', 'recommend_code'];

export interface Link {
  type: RegisterType;
  agent: string;
  code: string;
}

/** The link the cookies hold (an agent id or a recommend code), or none. */
export function readLink(): Link {
  const type = getCookie('register_type');
  const agent = getCookie('member_agent') ?? '';
  const code = getCookie('recommend_code') ?? '';
  if (type === 'member_agent' && agent) return { type, agent, code: '' };
  if (type === 'recommend_code' && code) return { type, agent: '', code };
  return { type: '', agent: '', code: '' };
}

interface Options {
  /** env_config.link_expire_time, minutes */
  expireMinutes: number;
  /** the introducer the form holds now (kept in the cookies while locked) */
  agent: string;
  code: string;
  /** the link brings a currency, or the domain's agent fixes currency and agent (stable callbacks) */
  onCurrency: (currency: string) => void;
  onAgentDomain: (agentId: string, currency: string) => void;
}

export function useRegisterLink({ expireMinutes, agent, code, onCurrency, onAgentDomain }: Options) {
  const { t } = useTranslation();
  const [type, setType] = useState<RegisterType>(() => readLink().type);
  const [locked, setLocked] = useState(() => readLink().type !== '');
  const [domain, setDomain] = useState<{ host: string; currency: string } | null>(null);
  const [error, setError] = useState('');
  const domainQ = useQuery(agentDomainQuery(window.location.hostname));

  /** An introducer error: the link goes and the field opens for typing. */
  const clear = useCallback(() => {
    for (const c of LINK_COOKIES) removeCookie(c);
    setLocked(false);
  }, []);

  // Agent domain: the host's agent locks the currency (cookie kept 1 day).
  const d = domainQ.data;
  useEffect(() => {
    if (!domainQ.isFetched) return;
    if (d?.is_valid === 1 && d.currency) {
      setCookie('agent_domain_id', d.agent_id, { days: 1 });
      setDomain({ host: window.location.hostname, currency: d.currency });
      setType('member_agent');
      setLocked(true);
      onAgentDomain(d.agent_id, d.currency);
    } else {
      removeCookie('agent_domain_id');
    }
  }, [d, domainQ.isFetched, onAgentDomain]);

  // A link must still be valid; an agent link brings the agent's currency.
  useEffect(() => {
    const link = readLink();
    if (!link.type) return;
    let live = true;
    const check = link.type === 'recommend_code' ? validLink({ recommend_code: link.code }) : validLink({ agent_id: link.agent });
    check
      .then(async (r) => {
        if (!live) return;
        if (r.is_valid !== 1) throw new Error('invalid');
        if (link.type === 'member_agent') {
          const info = await agentInfo(link.agent);
          if (live && info.currency) onCurrency(info.currency);
        }
      })
      .catch((e: unknown) => {
        if (!live) return;
        const target = isApiError(e) ? registerCodeTarget(e.code) : undefined;
        setError(target?.key ? t(target.key) : t('reg_invalid_link'));
        if (target?.recommendOff) setType('');
        clear();
      });
    return () => {
      live = false;
    };
  }, [clear, t, onCurrency]);

  // Remember the link for LINK_EXPIRE_TIME while the form is open with one.
  useEffect(() => {
    if (!locked || !type || domain) return;
    const minutes = expireMinutes > 0 ? expireMinutes : 60;
    setCookie('register_type', type, { minutes });
    if (type === 'member_agent') setCookie('member_agent', agent, { minutes });
    else setCookie('recommend_code', code, { minutes });
  }, [locked, type, domain, expireMinutes, agent, code]);

  return {
    type,
    setType,
    /** the introducer came with a link (or the domain) and cannot be typed over */
    locked,
    /** the agent domain's host: it fixes the currency */
    domain: domain?.host ?? '',
    currencyLocked: !!domain,
    /** an invalid link (a page-level error) */
    error,
    clear,
  };
}
