import { NavLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useVendorLanes } from '../api/get-vendor-lanes';
import { CATEGORY_ROUTES, visibleCategoryPaths } from '../vendor-lanes';

/** The categories that have vendors, as links (top navigation). */
export function CategoryLinks({ className, linkClassName }: { className: string; linkClassName: string }) {
  const { t } = useTranslation('lobby');
  const { lanes } = useVendorLanes();
  const paths = visibleCategoryPaths(
    lanes,
    CATEGORY_ROUTES.map((r) => r.path),
  );
  if (paths.length === 0) return null;
  return (
    <ul className={className}>
      {paths.map((path) => (
        <li key={path}>
          <NavLink to={path} className={linkClassName}>
            {t(`nav.${path.slice(1)}`)}
          </NavLink>
        </li>
      ))}
    </ul>
  );
}

/** The category bar at the top of every lobby page; scrolls sideways on phones. */
export function CategoryChips() {
  const { t } = useTranslation('lobby');
  return (
    <nav className="category-chips" aria-label={t('nav.label')}>
      <CategoryLinks className="category-chips__list" linkClassName="category-chips__chip" />
    </nav>
  );
}
