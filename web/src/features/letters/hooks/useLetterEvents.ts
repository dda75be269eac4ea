// `letter` events (sent, read, delete) on member.{id}, and broadcasts on
// member.{currency}, refresh every open letter list and the badges.
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { lettersKey } from '@/api';
import { onRealtimeEvent } from '@/lib/realtime';

export function useLetterEvents(): void {
  const qc = useQueryClient();
  useEffect(() => onRealtimeEvent('letter', () => void qc.invalidateQueries({ queryKey: lettersKey() })), [qc]);
}
