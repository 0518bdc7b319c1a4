import {
  notificationsReportColumns,
  type LastMonthNotifications,
  type NotificationsPage,
} from '@insight/shared/notifications/schemas';
import {
  completeMonitorSettings,
  defaultPreferences,
  preferencesSchema,
  type PortfolioSettings,
  type Preferences,
  type UpdateSettingsBody,
} from '@insight/shared/portfolio/monitor';
import { portfolioMessages, type MonitorSetting } from '@insight/shared/portfolio/schemas';
import type { z } from 'zod';
import type { updateSettingsBodySchema } from '@insight/shared/portfolio/monitor';
import type { Db } from '../platform/db';
import { HttpError } from '../platform/errors';
import { toNotification } from './engine';
import { monitorRepo } from './repo';

/** Who calls: an admin may read and change any user's file. */
export interface Caller {
  userId: number;
  admin: boolean;
}

export interface MonitorServiceClock {
  now(): Date;
}

const lastMonthDays = 30;

/** A CSV field, quoted when it must be. */
const csvField = (value: string | number | boolean | null) => {
  const text = value === null ? '' : String(value);
  return /[",\n\r]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
};

/**
 * The monitor's settings and preferences and the notifications list (spec 001 §3, §4, §7, §9).
 * Knows nothing of HTTP. Every method starts with the caller's access to the file.
 */
export class MonitorService {
  private readonly repo;

  constructor(
    db: Db,
    private readonly clock: MonitorServiceClock,
    /** A file's settings were saved: its owner's tabs refetch, its positions are evaluated again. */
    private readonly onSettingsSaved: (owner: { portfolioId: number; userId: number }) => void = () => {},
  ) {
    this.repo = monitorRepo(db);
  }

  private async requireFile(caller: Caller, portfolioId: number) {
    const file = await this.repo.portfolio(portfolioId);
    // Another user's file answers as an unknown one: its id tells nothing.
    if (!file || (file.user_id !== caller.userId && !caller.admin))
      throw new HttpError(404, portfolioMessages.notFound);
    return file;
  }

  /** The settings of a file: what was saved over the spec's defaults (also used for the open positions' answer). */
  async settingsOf(portfolioId: number): Promise<PortfolioSettings> {
    const stored = await this.repo.settings(portfolioId);
    const preferences = preferencesSchema.safeParse({ ...defaultPreferences, ...stored?.preferences });
    return {
      notification_settings: completeMonitorSettings(stored?.notification_settings),
      preferences: preferences.success ? preferences.data : defaultPreferences,
    };
  }

  async settings(caller: Caller, portfolioId: number): Promise<PortfolioSettings> {
    await this.requireFile(caller, portfolioId);
    return this.settingsOf(portfolioId);
  }

  /** Saves the entries and preferences sent over what the file had; answers the whole of both. */
  async updateSettings(caller: Caller, body: z.output<typeof updateSettingsBodySchema>) {
    const file = await this.requireFile(caller, body.portfolio);
    const current = await this.settingsOf(file.id);
    const sent = new Map((body.settings ?? []).map((entry) => [entry.type, entry]));
    const settings: MonitorSetting[] = current.notification_settings.map(
      (entry) => sent.get(entry.type) ?? entry,
    );
    const preferences: Preferences = { ...current.preferences, ...body.preferences };
    await this.repo.saveSettings(file.id, settings, preferences);
    this.onSettingsSaved({ portfolioId: file.id, userId: file.user_id });
    return {
      status: true as const,
      msg: portfolioMessages.monitorUpdated,
      notification_settings: settings,
      preferences,
    };
  }

  /** A page of the file's notifications, newest first (spec 001 §9: 5 at a time). */
  async page(caller: Caller, portfolioId: number, count: number, offset: number): Promise<NotificationsPage> {
    await this.requireFile(caller, portfolioId);
    const [rows, counts] = await Promise.all([
      this.repo.page(portfolioId, count, offset),
      this.repo.counts(portfolioId),
    ]);
    return { list: rows.map(toNotification), ...counts };
  }

  /** Marks the newest `count` seen (opening the popover); answers how many changed and how many are left. */
  async markSeen(caller: Caller, portfolioId: number, count: number) {
    await this.requireFile(caller, portfolioId);
    const seen = await this.repo.markSeen(portfolioId, count);
    const { unseen } = await this.repo.counts(portfolioId);
    return { status: true as const, seen, unseen };
  }

  /** The last 30 days: the bell's red dot shows while any is unseen. */
  async lastMonth(caller: Caller, portfolioId: number): Promise<LastMonthNotifications> {
    await this.requireFile(caller, portfolioId);
    const since = new Date(this.clock.now().getTime() - lastMonthDays * 86_400_000);
    const rows = await this.repo.since(portfolioId, since);
    const list = rows.map(toNotification);
    return { list, unseen: list.filter((notification) => !notification.pop).length };
  }

  /** The Portfolio Notifications report (spec 002 §7.6): a user's notifications between two days, as CSV. */
  async report(caller: Caller, userId: number, from: string, to: string) {
    if (userId !== caller.userId && !caller.admin) throw new HttpError(404, portfolioMessages.notFound);
    const rows = (await this.repo.ofUserBetween(userId, from, to)).map(toNotification);
    const lines = [
      notificationsReportColumns.join(','),
      ...rows.map((n) =>
        [n.entry_date.date, n.day, n.symbol, n.rating, n.title, n.text, n.factor, n.pop]
          .map(csvField)
          .join(','),
      ),
    ];
    return { filename: `portfolio-notifications-${from}-${to}.csv`, body: `${lines.join('\r\n')}\r\n` };
  }
}

export type { UpdateSettingsBody };
