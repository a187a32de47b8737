import { useStore } from '../../core/use-store.ts';
import { homePlace, placeFragment } from './admin-place.ts';
import { $operatorRole } from './operator-me.ts';

/**
 * A member named on a back-office screen, by username, linked to their page (its address,
 * admin-place.ts) for an operator who has the Members tab; a reviewer, who has not, reads the name.
 */
export function MemberLink({ id, username }: { id: number; username: string }) {
  const role = useStore($operatorRole);
  if (role === 'reviewer') return <>{username}</>;
  return <a href={placeFragment({ ...homePlace, tab: 'members', members: { member: id } })}>{username}</a>;
}
