import { useQuery } from '@tanstack/react-query';
import { siteDetailQuery } from '../api/site';
import { FALLBACK_ENV_CONFIG } from '../fallback-env';
import type { EnvConfig } from '../types';

/** env_config; the root loader has loaded it before anything renders. */
export function useEnvConfig(): EnvConfig {
  const { data } = useQuery(siteDetailQuery());
  return data ?? FALLBACK_ENV_CONFIG;
}
