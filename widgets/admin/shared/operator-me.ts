import { atom } from 'nanostores';
import { useEffect, useState } from 'react';
import type { OperatorMe } from '../../../contract/api/operators.ts';
import { adminRequest } from './operator-session.ts';

export type { OperatorMe };
export type OperatorRole = OperatorMe['role'];

/**
 * Who is signed in, asked again whenever the token changes; an answer counts only for the token it
 * was asked with, so the next operator never sees the last one's tabs. Should no answer come, the
 * screen shows every tab: hiding tabs is a courtesy, the server refuses what a role may not do.
 */
/** The signed-in operator's role, for the parts of a screen that link to another tab (MemberLink). */
export const $operatorRole = atom<OperatorRole | null>(null);
/** The signed-in operator's id, so a claim they hold reads as theirs after a reload too (Withdrawals). */
export const $operatorId = atom<number | null>(null);

export function useOperatorMe(token: string): { me: OperatorMe | null; loaded: boolean; reload: () => void } {
  const [answer, setAnswer] = useState<{ token: string; me: OperatorMe | null } | null>(null);
  const [round, setRound] = useState(0);
  useEffect(() => {
    let live = true;
    if (token === '') return;
    adminRequest<OperatorMe>('GET', '/me')
      .then((envelope) => live && setAnswer({ token, me: envelope.detail }))
      .catch(() => live && setAnswer({ token, me: null }));
    return () => {
      live = false;
    };
  }, [token, round]);
  const current = answer?.token === token ? answer : null;
  useEffect(() => $operatorRole.set(current?.me?.role ?? null), [current?.me?.role]);
  useEffect(() => $operatorId.set(current?.me?.id ?? null), [current?.me?.id]);
  return { me: current?.me ?? null, loaded: current !== null, reload: () => setRound((value) => value + 1) };
}

/** Whether a tab shows for this operator: reviewers see the queues; an unknown role sees everything. */
export function tabShown(tab: { id: string; reviewer?: boolean }, me: OperatorMe | null): boolean {
  return me === null || me.role === 'administrator' || tab.reviewer === true;
}
