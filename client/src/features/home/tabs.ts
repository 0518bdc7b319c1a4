/** Spec 000 §2 "Main home tabs": the screen / shows for its `tab` query parameter. */
export type HomeScreen = 'home' | 'liveFeed' | 'watchlist' | 'portfolio' | 'tools' | 'testTable' | 'news';

export const homeTabParam = 'tab';

/** The sub bar's tabs, in their order, with the tab number each links to. */
export const mainTabs = [
  { tab: 6, screen: 'home', label: 'Home' },
  { tab: 0, screen: 'liveFeed', label: 'Live Feed' },
  { tab: 1, screen: 'watchlist', label: 'Watchlist' },
  { tab: 3, screen: 'portfolio', label: 'Portfolio' },
  { tab: 4, screen: 'tools', label: 'Tools' },
] as const satisfies readonly { tab: number; screen: HomeScreen; label: string }[];

export const homeScreenTitles: Record<HomeScreen, string> = {
  home: 'Home',
  liveFeed: 'Live Feed',
  watchlist: 'Watchlist',
  portfolio: 'Portfolio',
  tools: 'Tools',
  testTable: 'Test table',
  news: 'News',
};

/** 6 (and no tab at all) is Home; 0, 1, 3, 4 and 15 their screens; any other value is News. */
export function homeScreenFor(tab: string | null): HomeScreen {
  if (tab === null || tab === '') return 'home';
  switch (tab) {
    case '6':
      return 'home';
    case '0':
      return 'liveFeed';
    case '1':
      return 'watchlist';
    case '3':
      return 'portfolio';
    case '4':
      return 'tools';
    case '15':
      return 'testTable';
    default:
      return 'news';
  }
}

export const homeTabPath = (tab: number) => `/?${homeTabParam}=${tab}`;
