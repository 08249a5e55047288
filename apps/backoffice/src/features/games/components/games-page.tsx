import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Tabs } from '../../../components/tabs';
import { useCan } from '../../../lib/permissions';
import { AdaptersPanel } from './adapters-panel';
import { CataloguePanel } from './catalogue-panel';
import { CrashMonitorPanel } from './crash-monitor-panel';
import { InhouseGamesPanel } from './inhouse-games-panel';
import './games.css';

const VIEWS = ['catalogue', 'adapters', 'inhouse'] as const;
type View = (typeof VIEWS)[number];

/**
 * The Games screen (games.read), in three tabs named in the URL (`?view=`; the catalogue has
 * none, so its `?vendor=` links stay short): the catalogue's vendors and games, the vendors'
 * connections (adapters), and our in-house games' RTP and stake limits.
 */
export function GamesPage() {
  const { t } = useTranslation('games');
  const canWrite = useCan('games.write');
  const [search, setSearch] = useSearchParams();
  const requested = search.get('view');
  const view: View = VIEWS.find((v) => v === requested) ?? 'catalogue';

  useEffect(() => {
    document.title = t('documentTitle');
  }, [t]);

  return (
    <section className="page catalogue-page" aria-labelledby="games-title">
      <div className="page-header">
        <h1 id="games-title">{t('title')}</h1>
      </div>
      {!canWrite && (
        <p className="catalogue-page__read-only" role="note">
          {t('readOnly')}
        </p>
      )}
      <Tabs
        ids={VIEWS}
        active={view}
        onChange={(next) => setSearch(next === 'catalogue' ? {} : { view: next }, { replace: true })}
        label={t('views.label')}
        labelOf={(id) => t(`views.${id}`)}
        idPrefix="games"
      >
        {view === 'catalogue' ? (
          <CataloguePanel canWrite={canWrite} />
        ) : view === 'adapters' ? (
          <AdaptersPanel />
        ) : (
          <>
            <InhouseGamesPanel canWrite={canWrite} />
            <CrashMonitorPanel />
          </>
        )}
      </Tabs>
    </section>
  );
}
