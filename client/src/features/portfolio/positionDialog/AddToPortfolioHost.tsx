import { can } from '@insight/shared';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { errorMessage } from '../../../api/request';
import { useAtom, useAtomValue } from '../../../app/store';
import { notify } from '../../../components/ui/toaster';
import { currentRolesAtom, currentUserAtom } from '../../auth/atoms';
import { homeTabPath } from '../../home/tabs';
import { portfolioCalls } from '../api';
import { addToPortfolioAtom, type AddToPortfolioRequest } from './atoms';
import { PositionDialog } from './PositionDialog';

const openFailed = 'Your portfolio could not be opened. Please try again.';

interface Target {
  portfolioId: number;
  request: AddToPortfolioRequest;
  /** Each request opens a fresh dialog. */
  id: number;
}

/**
 * Answers "Add to portfolio" from the feed, the watchlist and the stock page (spec 001 §2): the
 * position dialog preset with the symbol on the user's file, or, with no file yet, the Portfolio tab
 * (its new-file state). Mounted once in the signed-in layout.
 */
export function AddToPortfolioHost() {
  const [request, setRequest] = useAtom(addToPortfolioAtom);
  const user = useAtomValue(currentUserAtom);
  const roles = useAtomValue(currentRolesAtom);
  const navigate = useNavigate();
  const [target, setTarget] = useState<Target | null>(null);
  const [open, setOpen] = useState(false);
  const userId = user?.user_id ?? null;
  const allowed = can(roles, 'portfolio.use');

  useEffect(() => {
    if (request === null || userId === null) return;
    if (!allowed) {
      setRequest(null);
      return;
    }
    const controller = new AbortController();
    portfolioCalls.list(userId, controller.signal).then(
      (files) => {
        setRequest(null);
        const file = files[0];
        if (file === undefined) {
          void navigate(homeTabPath(3));
          return;
        }
        setTarget((previous) => ({ portfolioId: file.id, request, id: (previous?.id ?? 0) + 1 }));
        setOpen(true);
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        setRequest(null);
        notify.error(errorMessage(error, openFailed));
      },
    );
    return () => controller.abort();
  }, [request, userId, allowed, setRequest, navigate]);

  if (target === null) return null;
  return (
    <PositionDialog
      key={target.id}
      open={open}
      onClose={() => setOpen(false)}
      portfolioId={target.portfolioId}
      preset={{ symbol: target.request.symbol, type: target.request.type }}
    />
  );
}
