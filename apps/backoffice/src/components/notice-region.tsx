import { useEffect } from 'react';
import { useNotice, clearNotice } from '../lib/notices';

/** Where success notices appear and are read out; each fades after a few seconds. */
export function NoticeRegion() {
  const notice = useNotice();
  useEffect(() => {
    if (!notice) return;
    const timer = setTimeout(clearNotice, 8000);
    return () => clearTimeout(timer);
  }, [notice]);
  return (
    <p className="notice-region" role="status">
      {notice?.text}
    </p>
  );
}
