import { useQuery } from '@tanstack/react-query';
import { useDevice } from '@/lib/device-context';
import { useLanguage } from '@/lib/use-language';
import { gameTypesQuery } from '../api/lobby';

export function useGameTypes(currency: string, template: string) {
  const device = useDevice();
  const lang = useLanguage();
  return useQuery(gameTypesQuery({ device, currency, template, lang }));
}
