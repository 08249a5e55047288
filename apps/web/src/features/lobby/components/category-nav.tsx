import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { NavLink, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ChevronDownIcon } from '../../../components/ui/icons';
import { useMenuButton } from '../../../components/ui/use-menu-button';
import { useMediaQuery } from '../../../lib/use-media-query';
import { useVendorLanes } from '../api/get-vendor-lanes';
import { visibleCategoryPaths } from '../vendor-lanes';
import '../lobby.css';
import '../lobby-games.css';

/** Where the header shows its categories: lobby.css's (and layout.css's) breakpoint for `.category-nav`. */
export const WIDE_HEADER = '(min-width: 1180px)';

/**
 * Header top navigation: one entry per category that has vendors (wide screens).
 * The entries that do not fit next to the logo and the account controls move into a "More"
 * menu at the end, so no entry is ever cut off or hidden behind a sideways scroll.
 */
export function CategoryNav() {
  const { t, i18n } = useTranslation('lobby');
  const { lanes } = useVendorLanes();
  const paths = visibleCategoryPaths(lanes);
  const pathsKey = paths.join(',');
  const navRef = useRef<HTMLElement>(null);
  const measureRef = useRef<HTMLUListElement>(null);
  const [fitCount, setFitCount] = useState(paths.length);
  // Below the breakpoint the nav is not displayed (phones use the side menu), and measuring it
  // would only force a layout of the whole page in the middle of the first screen's work (a
  // long task on a slow phone) and a second render that moves every entry into "More". Without
  // matchMedia (old browsers) it is taken as shown.
  const isWide = useMediaQuery(WIDE_HEADER, true);

  // Fit as many entries as the nav's width allows, measured on a hidden copy of the full list.
  useLayoutEffect(() => {
    const nav = navRef.current;
    const measure = measureRef.current;
    if (!nav || !measure) return;
    const fit = () => {
      const items = Array.from(measure.children) as HTMLElement[];
      const more = items.pop();
      const gap = parseFloat(getComputedStyle(measure).columnGap) || 0;
      const available = nav.clientWidth;
      const widths = items.map((el) => el.getBoundingClientRect().width);
      const total = widths.reduce((sum, w) => sum + w, 0) + gap * Math.max(0, widths.length - 1);
      if (total <= available) {
        setFitCount(widths.length);
        return;
      }
      const room = available - (more?.getBoundingClientRect().width ?? 0) - gap;
      let used = 0;
      let count = 0;
      for (const w of widths) {
        const next = used + (count > 0 ? gap : 0) + w;
        if (next > room) break;
        used = next;
        count++;
      }
      setFitCount(count);
    };
    if (isWide) fit();
    // Again whenever the nav's width changes (a window resized while the nav is shown).
    const observer = new ResizeObserver(() => {
      fit();
    });
    observer.observe(nav);
    return () => observer.disconnect();
  }, [pathsKey, i18n.language, isWide]);

  if (paths.length === 0) return null;
  const shown = paths.slice(0, fitCount);
  const rest = paths.slice(fitCount);
  const label = (path: string) => t(`nav.${path.slice(1)}`);

  return (
    <nav className="category-nav" aria-label={t('nav.label')} ref={navRef}>
      <ul className="category-nav__list">
        {shown.map((path) => (
          <li key={path}>
            <NavLink to={path} className="category-nav__link">
              {label(path)}
            </NavLink>
          </li>
        ))}
        {rest.length > 0 && (
          <li>
            <MoreMenu paths={rest} label={label} />
          </li>
        )}
      </ul>
      <ul className="category-nav__list category-nav__measure" ref={measureRef} aria-hidden="true">
        {paths.map((path) => (
          <li key={path}>
            <span className="category-nav__link">{label(path)}</span>
          </li>
        ))}
        <li>
          <span className="category-nav__link">
            {t('nav.more')} <ChevronDownIcon />
          </span>
        </li>
      </ul>
    </nav>
  );
}

/** The entries that did not fit, as a menu of links. */
function MoreMenu({ paths, label }: { paths: string[]; label: (path: string) => string }) {
  const { t } = useTranslation('lobby');
  const { pathname } = useLocation();
  const { isOpen, setOpen, menuId, rootRef, buttonRef, onMenuKeyDown } = useMenuButton();
  const holdsCurrent = paths.some((p) => pathname === p || pathname.startsWith(`${p}/`));

  // A followed link closes the menu.
  useEffect(() => setOpen(false), [pathname, setOpen]);

  return (
    // The wrapper only catches the keys of the button and the items inside it (menu-button keys).
    <div className="category-nav__more" ref={rootRef} role="presentation" onKeyDown={onMenuKeyDown}>
      <button
        ref={buttonRef}
        type="button"
        className={`category-nav__link category-nav__more-button${holdsCurrent ? ' active' : ''}`}
        aria-haspopup="menu"
        aria-expanded={isOpen}
        aria-controls={isOpen ? menuId : undefined}
        onClick={() => setOpen(!isOpen)}
      >
        {t('nav.more')} <ChevronDownIcon />
      </button>
      {isOpen && (
        <ul className="category-nav__menu" id={menuId} role="menu" aria-label={t('nav.more')}>
          {paths.map((path) => (
            <li key={path} role="none">
              <NavLink to={path} role="menuitem" className="category-nav__menu-item">
                {label(path)}
              </NavLink>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
