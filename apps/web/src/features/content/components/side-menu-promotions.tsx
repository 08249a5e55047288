import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { usePromotions } from '../api/list-promotions';
import './side-menu-promotions.css';

/** How many promotions the side menu lists before "see more". */
const SHOWN = 3;

/**
 * The side menu's promotions panel: the first three live promotions with their picture and title,
 * each opening its entry on /promotions (#id), and "see more" when there are more than three.
 */
export function SideMenuPromotions() {
  const { t } = useTranslation('common');
  const promotions = usePromotions();
  const list = promotions.data ?? [];
  if (list.length === 0) return null;
  return (
    <div className="side-menu-promos side-menu__expanded-only">
      <ul className="side-menu-promos__list" aria-label={t('sideMenu.promotionsList')}>
        {list.slice(0, SHOWN).map((item) => (
          <li key={item.id}>
            <Link to={`/promotions#${item.id}`} className="side-menu-promos__item">
              {item.image ? (
                <img
                  src={item.image.url}
                  alt=""
                  width={48}
                  height={32}
                  className="side-menu-promos__thumb"
                  loading="lazy"
                />
              ) : (
                <span className="side-menu-promos__thumb side-menu-promos__thumb--none" aria-hidden="true" />
              )}
              <span className="side-menu-promos__title">{item.title}</span>
            </Link>
          </li>
        ))}
      </ul>
      {list.length > SHOWN && (
        <Link to="/promotions" className="side-menu-promos__more">
          {t('sideMenu.seeMore')}
        </Link>
      )}
    </div>
  );
}
