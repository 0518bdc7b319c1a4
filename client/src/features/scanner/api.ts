import {
  apiPath,
  savedSettingSchema,
  scanApi,
  scannerSettingListSchema,
  scannerSettingSchema,
  scanResponseSchema,
  universeListSchema,
  universesApi,
  type ScanProgress,
  type ScanResponse,
  type ScanSector,
  type ScannerSetting,
  type ScannerSettingBody,
} from '@insight/shared';
import { firstValueFrom, merge, map, type Subscription } from 'rxjs';
import { api } from '../../api/request';
import { on$ } from '../../realtime/listen';
import { session$ } from '../../realtime/socket';

export interface ScanRequest {
  universe: number;
  settings: number | null;
  /** System sector id → symbols wanted. */
  sectors: { id: number; count: number }[];
}

export type ScanEvent = { type: 'progress'; payload: ScanProgress } | { type: 'sector'; payload: ScanSector };

/** The scanner's calls (spec 002 §7.5). */
export const scannerCalls = {
  settings(signal?: AbortSignal): Promise<ScannerSetting[]> {
    return api.get(scanApi.settings, undefined, { schema: scannerSettingListSchema, signal });
  },
  setting(id: number, signal?: AbortSignal): Promise<ScannerSetting> {
    return api.get(apiPath(scanApi.setting, { id }), undefined, { schema: scannerSettingSchema, signal });
  },
  save(id: number | null, body: ScannerSettingBody) {
    return id === null
      ? api.post(scanApi.settings, body, { schema: savedSettingSchema })
      : api.put(apiPath(scanApi.setting, { id }), body, { schema: savedSettingSchema });
  },
  universes(signal?: AbortSignal) {
    return api.get(universesApi.list, undefined, { schema: universeListSchema, signal });
  },

  /**
   * Runs a scan: one request per distinct count (the call takes one count for its sectors), pushing
   * each phase and sector from the socket as it comes; resolves with every sector's rows.
   */
  async scan(
    request: ScanRequest,
    onEvent: (event: ScanEvent) => void,
    signal?: AbortSignal,
  ): Promise<ScanResponse['opportunities']> {
    const session = await firstValueFrom(session$);
    const socket = session?.socket;
    const scanId = `scan-${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;
    let subscription: Subscription | null = null;
    if (socket) {
      subscription = merge(
        on$(socket, 'scan:progress').pipe(map((payload): ScanEvent => ({ type: 'progress', payload }))),
        on$(socket, 'scan:sector').pipe(map((payload): ScanEvent => ({ type: 'sector', payload }))),
      ).subscribe((event) => {
        if (event.payload.scanId.startsWith(scanId)) onEvent(event);
      });
    }
    try {
      const byCount = new Map<number, number[]>();
      for (const sector of request.sectors)
        byCount.set(sector.count, [...(byCount.get(sector.count) ?? []), sector.id]);
      const answers = await Promise.all(
        [...byCount].map(([count, ids], i) =>
          api.get(scanApi.scan, scanQuery(request, ids, count, `${scanId}-${i}`, socket?.id), {
            schema: scanResponseSchema,
            signal,
          }),
        ),
      );
      // Without a socket, the answers are the only news: tell each sector as it came.
      if (!socket)
        for (const answer of answers)
          for (const [sector, rows] of Object.entries(answer.opportunities))
            onEvent({ type: 'sector', payload: { scanId: answer.scanId, sector, rows } });
      return Object.assign(
        {},
        ...answers.map((answer) => answer.opportunities),
      ) as ScanResponse['opportunities'];
    } finally {
      subscription?.unsubscribe();
    }
  },
};

function scanQuery(request: ScanRequest, ids: number[], count: number, scanId: string, socketId?: string) {
  return {
    universe: request.universe,
    settings: request.settings ?? undefined,
    sectors: ids.join(','),
    count,
    scanId,
    socketId,
  };
}

/** The admin's Excel export: the same query, as a download link. */
export function excelUrl(request: ScanRequest): string {
  const counts = request.sectors.map((sector) => sector.count);
  const query = new URLSearchParams({
    universe: String(request.universe),
    sectors: request.sectors.map((sector) => sector.id).join(','),
    count: String(Math.max(1, ...counts)),
  });
  if (request.settings !== null) query.set('settings', String(request.settings));
  return `${scanApi.excel}?${query}`;
}
