import { Text, type TextProps } from '@chakra-ui/react';
import { DateTime } from 'luxon';
import { useEffect, useState } from 'react';

/** Today's date in the top bar, e.g. "Sunday, November 22, 2026". */
export function formatToday(now: DateTime): string {
  return now
    .setLocale('en-US')
    .toLocaleString({ weekday: 'long', month: 'long', day: 'numeric', year: 'numeric' });
}

export function TodayDate(props: TextProps) {
  const [now, setNow] = useState(() => DateTime.now());
  useEffect(() => {
    // Keeps the date right across midnight for tabs left open.
    const timer = window.setInterval(() => setNow(DateTime.now()), 60_000);
    return () => window.clearInterval(timer);
  }, []);
  return (
    <Text as="span" whiteSpace="nowrap" {...props}>
      <time dateTime={now.toISODate() ?? undefined}>{formatToday(now)}</time>
    </Text>
  );
}
