import { CategoryPage } from '../../features/lobby/components/category-page';
import { PvpRooms } from '../../features/pvp/components/pvp-rooms';

/** /pvp: the card games' category page with the PVP vendors' tables first. */
export function PvpRoute() {
  return (
    <CategoryPage path="/pvp">
      <PvpRooms />
    </CategoryPage>
  );
}
