// A collector's avatar: their photo, or their initials on a colour made from their name.
import './avatar.css';

export interface AvatarProps {
  username: string | null;
  avatarUrl: string | null;
  /** Pixels; 40 in lists, 96 on a profile. */
  size?: number;
}

function hueOf(name: string): number {
  let hash = 0;
  for (const char of name) hash = (hash * 31 + char.charCodeAt(0)) % 360;
  return hash;
}

export function Avatar({ username, avatarUrl, size = 40 }: AvatarProps) {
  const name = username ?? '?';
  const style = { width: size, height: size, fontSize: Math.round(size * 0.4) };
  if (avatarUrl) {
    return <img className="avatar" src={avatarUrl} alt="" style={style} loading="lazy" />;
  }
  return (
    <span
      className="avatar avatar-initials"
      aria-hidden="true"
      style={{ ...style, background: `hsl(${hueOf(name)} 45% 30%)` }}
    >
      {name.slice(0, 2).toUpperCase()}
    </span>
  );
}
