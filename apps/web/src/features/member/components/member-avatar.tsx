import { useAvatar } from '../api/get-avatar';
import { Avatar } from './avatar';

/** The logged-in member's chosen avatar (the default one until they pick). */
export function MemberAvatar({ size }: { size?: number }) {
  const { data } = useAvatar();
  return <Avatar size={size} src={data?.url} />;
}
