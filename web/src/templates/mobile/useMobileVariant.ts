import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { templateConfigQuery } from '@/features/site';
import { mobileTemplateName, useEnvConfig } from '@/site';
import { resolveMobileVariant, type MobileVariant } from './variants';

export function useMobileVariant(): MobileVariant {
  const env = useEnvConfig();
  const name = mobileTemplateName(env.mobile_template);
  const { data } = useQuery(templateConfigQuery(name));
  return useMemo(() => resolveMobileVariant(name, data), [name, data]);
}

/** The variant's colour on <html>, so portalled modals and toasts share it. */
export function useThemeColor(color: string) {
  useEffect(() => {
    const root = document.documentElement.style;
    root.setProperty('--accent', color);
    return () => {
      root.removeProperty('--accent');
    };
  }, [color]);
}
