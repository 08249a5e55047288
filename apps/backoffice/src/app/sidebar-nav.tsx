import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { roleHasPermission } from '@wps/shared/ops-permissions';
import { QueueCountBadge, hasQueueCount } from '../features/queues/components/queue-count-badge';
import { NAV_GROUPS, SCREENS, type NavGroup, type Screen } from './screens';

type Entry = { to: string; label: string };

/** The sidebar's entries the role may open, by group, in registry order. */
function entriesFor(role: string, t: (key: string) => string): { group: NavGroup; entries: Entry[] }[] {
  const byGroup = new Map<NavGroup, Entry[]>();
  for (const screen of SCREENS as readonly Screen[]) {
    if (!screen.nav || !roleHasPermission(role, screen.permission)) continue;
    const list = byGroup.get(screen.nav.group) ?? [];
    list.push({ to: `/${screen.path}`, label: t(screen.nav.labelKey) });
    byGroup.set(screen.nav.group, list);
  }
  return NAV_GROUPS.flatMap((group) => {
    const entries = byGroup.get(group);
    return entries ? [{ group, entries }] : [];
  });
}

/**
 * The signed-in navigation: one link per screen the role may open. A group with several
 * screens (the queues) gets a heading; a group of one is just its link. The money queues show
 * how many wait (polled every minute).
 */
export function SidebarNav({ role, onNavigate }: { role: string; onNavigate: () => void }) {
  const { t } = useTranslation();
  const groups = entriesFor(role, t);
  return (
    <ul className="sidebar__list">
      {groups.map(({ group, entries }) =>
        entries.length === 1 && entries[0] ? (
          <li key={group}>
            <NavLink to={entries[0].to} end={entries[0].to === '/'} onClick={onNavigate}>
              {entries[0].label}
            </NavLink>
          </li>
        ) : (
          <li key={group} className="sidebar__group">
            <span className="sidebar__heading" id={`nav-group-${group}`}>
              {t(`nav.groups.${group}`)}
            </span>
            <ul aria-labelledby={`nav-group-${group}`}>
              {entries.map((entry) => (
                <li key={entry.to} className={hasQueueCount(entry.to) ? 'sidebar__queue' : undefined}>
                  <NavLink to={entry.to} end={entry.to === '/'} onClick={onNavigate}>
                    {entry.label}
                  </NavLink>
                  <QueueCountBadge path={entry.to} />
                </li>
              ))}
            </ul>
          </li>
        ),
      )}
    </ul>
  );
}
