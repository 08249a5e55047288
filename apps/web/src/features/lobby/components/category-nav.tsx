import { NavLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useVendorLanes } from '../api/get-vendor-lanes';
import { visibleCategoryPaths } from '../vendor-lanes';
import '../lobby.css';

/** Spec §2 header top navigation: one entry per category that has vendors (wide screens). */
export function CategoryNav() {
  const { t } = useTranslation('lobby');
  const { lanes } = useVendorLanes();
  const paths = visibleCategoryPaths(lanes);
  if (paths.length === 0) return null;
  return (
    <nav className="category-nav" aria-label={t('nav.label')}>
      <ul className="category-nav__list">
        {paths.map((path) => (
          <li key={path}>
            <NavLink to={path} className="category-nav__link">
              {t(`nav.${path.slice(1)}`)}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
