import { useState } from 'react';
import defaultAvatar from '../../../assets/default-avatar.svg';

export type AvatarProps = { src?: string | null; size?: number; alt?: string };

/** The member's avatar; falls back to the drawn default avatar when the image fails to load. */
export function Avatar({ src, size = 36, alt = '' }: AvatarProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const shown = src && src !== failedSrc ? src : defaultAvatar;
  return (
    <img
      className="avatar"
      src={shown}
      width={size}
      height={size}
      alt={alt}
      onError={() => {
        if (src) setFailedSrc(src);
      }}
    />
  );
}
