/** Socket.IO rooms (design §5): by user, by investment profile, by mobile app flavour. */
export const rooms = {
  user: (userId: number) => `user:${userId}`,
  profile: (profileId: number) => `profile:${profileId}`,
  app: (flavor: string) => `app:${flavor}`,
  quote: (symbol: string) => `quote:${symbol}`,
} as const;
