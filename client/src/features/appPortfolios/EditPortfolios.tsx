import { Grid } from '@chakra-ui/react';
import type { App, AppPortfolio, AppPortfolioDetail } from '@insight/shared/apps/schemas';
import { useCallback, useEffect, useState } from 'react';
import { errorMessage } from '../../api/request';
import { notify } from '../../components/ui/toaster';
import { appPortfolioCalls } from './api';
import { PortfolioEditor } from './PortfolioEditor';
import { PortfolioList } from './PortfolioList';

export type Loaded<T> =
  { kind: 'loading' } | { kind: 'ready'; value: T } | { kind: 'failed'; message: string };

const listFailed = 'Could not load the portfolios of this app. Please try again.';
const portfolioFailed = 'Could not load this portfolio. Please try again.';
const activeFailed = 'Could not change whether the portfolio is active. Please try again.';

/** Edit Portfolios (spec 002 §2.8): the app's portfolios beside the one selected for editing. */
export function EditPortfolios({ app }: { app: App }) {
  const [list, setList] = useState<Loaded<AppPortfolio[]>>({ kind: 'loading' });
  const [selected, setSelected] = useState<number | null>(null);
  const [detail, setDetail] = useState<Loaded<AppPortfolioDetail> | null>(null);

  const reloadList = useCallback(
    (signal?: AbortSignal) =>
      appPortfolioCalls.portfolios(app.flavor, signal).then(
        (portfolios) => setList({ kind: 'ready', value: portfolios }),
        (error: unknown) => {
          if (!signal?.aborted) setList({ kind: 'failed', message: errorMessage(error, listFailed) });
        },
      ),
    [app.flavor],
  );

  useEffect(() => {
    const controller = new AbortController();
    void reloadList(controller.signal);
    return () => controller.abort();
  }, [reloadList]);

  useEffect(() => {
    if (selected === null) return setDetail(null);
    const controller = new AbortController();
    setDetail({ kind: 'loading' });
    appPortfolioCalls.portfolio(selected, controller.signal).then(
      (portfolio) => setDetail({ kind: 'ready', value: portfolio }),
      (error: unknown) => {
        if (!controller.signal.aborted)
          setDetail({ kind: 'failed', message: errorMessage(error, portfolioFailed) });
      },
    );
    return () => controller.abort();
  }, [selected]);

  /** A change answered the portfolio as it is now: it replaces the row and, if open, the editor. */
  const changed = useCallback((portfolio: AppPortfolioDetail) => {
    setList((current) =>
      current.kind === 'ready'
        ? {
            kind: 'ready',
            value: current.value.map((row) => (row.id === portfolio.id ? { ...row, ...portfolio } : row)),
          }
        : current,
    );
    setDetail((current) =>
      current?.kind === 'ready' && current.value.id === portfolio.id
        ? { kind: 'ready', value: portfolio }
        : current,
    );
  }, []);

  const toggleActive = useCallback(
    (portfolio: AppPortfolio, active: boolean) =>
      appPortfolioCalls.makeActive(portfolio.id, active).then(
        (answer) => changed(answer.data),
        (error: unknown) => {
          notify.error(errorMessage(error, activeFailed));
        },
      ),
    [changed],
  );

  return (
    <Grid templateColumns={{ base: '1fr', lg: 'minmax(320px, 380px) 1fr' }} gap="5" alignItems="start">
      <PortfolioList
        app={app}
        list={list}
        selected={selected}
        onSelect={setSelected}
        onAdded={() => reloadList()}
        onToggleActive={toggleActive}
      />
      <PortfolioEditor detail={detail} onChanged={changed} onToggleActive={toggleActive} />
    </Grid>
  );
}
