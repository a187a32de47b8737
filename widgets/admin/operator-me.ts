import { useEffect, useState } from 'react';
import { adminRequest, type SignInStage } from './operator-session.ts';

export type OperatorRole = 'administrator' | 'reviewer';

export interface OperatorMe {
  username: string;
  role: OperatorRole;
  two_factor: boolean;
  two_factor_required: boolean;
  recovery_codes_left: number;
  stage: SignInStage;
}

/**
 * Who is signed in, asked again whenever the token changes. Should the answer not come, the screen
 * shows every tab: hiding tabs is a courtesy, the server refuses what a role may not do.
 */
export function useOperatorMe(token: string): { me: OperatorMe | null; loaded: boolean; reload: () => void } {
  const [me, setMe] = useState<OperatorMe | null>(null);
  const [loaded, setLoaded] = useState(false);
  const [round, setRound] = useState(0);
  useEffect(() => {
    let live = true;
    if (token === '') return;
    setLoaded(false);
    adminRequest<OperatorMe>('GET', '/me')
      .then((envelope) => live && setMe(envelope.detail))
      .catch(() => live && setMe(null))
      .finally(() => live && setLoaded(true));
    return () => {
      live = false;
    };
  }, [token, round]);
  return { me, loaded, reload: () => setRound((value) => value + 1) };
}

/** Whether a tab shows for this operator: reviewers see the queues; an unknown role sees everything. */
export function tabShown(tab: { id: string; reviewer?: boolean }, me: OperatorMe | null): boolean {
  return me === null || me.role === 'administrator' || tab.reviewer === true;
}
