import { useActivities } from '../api/list-activities';
import { ActivityAction } from './activity-action';
import { RafflePanel } from './raffle-panel';

/**
 * What the promotion's page shows of the player's participation: the activity (status and
 * button) and the promotion's raffles. Nothing for a promotion without participation settings.
 */
export function PromotionActivity({ promotionId }: { promotionId: string }) {
  const activities = useActivities();
  const activity = activities.data?.list.find((a) => a.promotionId === promotionId);
  if (!activity) return null;
  return (
    <section className="promotion-activity">
      <ActivityAction activity={activity} />
      {activity.raffleIds.map((id) => (
        <RafflePanel key={id} raffleId={id} />
      ))}
    </section>
  );
}

/** A card's line on /promotions: the status and a short action (Apply leads to the promotion's page). */
export function PromotionCardActivity({ promotionId, detailHref }: { promotionId: string; detailHref: string }) {
  const activities = useActivities();
  const activity = activities.data?.list.find((a) => a.promotionId === promotionId);
  if (!activity) return null;
  return <ActivityAction activity={activity} compact detailHref={detailHref} />;
}
