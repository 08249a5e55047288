import type { ReactNode } from 'react';
import { CrownIcon, HeadsetIcon, MailIcon, PhoneIcon } from '../../../components/ui/icons';
import {
  customerServiceHref,
  openChatWindow,
  openCustomerServicePopup,
  type CustomerServiceEntry,
} from '../customer-service';

type CustomerServiceLinkProps = {
  entry: CustomerServiceEntry;
  className?: string;
  title?: string;
  'aria-label'?: string;
  children: ReactNode;
};

/**
 * One customer-service entry as a real link, so it reads and behaves as one (middle click, a
 * screen reader's links list): web links in a new tab, mailto: and tel: in the device's app, and
 * a popup entry in its 440×750 window, a chat entry in its 440×500 one (a new tab when the browser
 * blocks popups or on middle click).
 */
export function CustomerServiceLink({
  entry,
  className,
  title,
  'aria-label': ariaLabel,
  children,
}: CustomerServiceLinkProps) {
  const href = customerServiceHref(entry);
  if (!href) return null;
  const isWeb = entry.openAs === 'link' || entry.openAs === 'popup' || entry.openAs === 'chat';
  return (
    <a
      href={href}
      className={className}
      title={title}
      aria-label={ariaLabel}
      data-open-as={entry.openAs}
      target={isWeb ? '_blank' : undefined}
      rel={isWeb ? 'noopener noreferrer' : undefined}
      onClick={(event) => {
        if (entry.openAs === 'popup') {
          event.preventDefault();
          openCustomerServicePopup(href);
        } else if (entry.openAs === 'chat' && openChatWindow(entry.csType)) {
          event.preventDefault();
        }
      }}
    >
      {children}
    </a>
  );
}

/** The icon of an entry: a crown for the VIP desk, else by how it opens. */
export function CustomerServiceIcon({ entry, size }: { entry: CustomerServiceEntry; size?: number }) {
  if (entry.vipOnly) return <CrownIcon size={size} />;
  if (entry.openAs === 'email') return <MailIcon size={size} />;
  if (entry.openAs === 'phone') return <PhoneIcon size={size} />;
  return <HeadsetIcon size={size} />;
}
