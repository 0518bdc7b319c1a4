import { DatePicker, parseDate, type DateValue } from '@chakra-ui/react';
import { isTradingDay } from '@insight/shared/market/calendar';
import type { DateBounds } from './lines';
import { CalendarIcon } from './icons';

const pad = (value: number) => String(value).padStart(2, '0');

/** Spec 002 §9: position dates read MM/dd/yy. */
const formatDay = (date: DateValue) => `${pad(date.month)}/${pad(date.day)}/${String(date.year).slice(-2)}`;

/** MM/dd/yy or MM/dd/yyyy as typed; anything else is not a date. */
function parseDay(text: string): DateValue | undefined {
  const match = /^(\d{1,2})\/(\d{1,2})\/(\d{2}|\d{4})$/.exec(text.trim());
  if (!match) return undefined;
  const [, month, day, year] = match as unknown as [string, string, string, string];
  const fullYear = year.length === 2 ? 2000 + Number(year) : Number(year);
  try {
    return parseDate(`${fullYear}-${pad(Number(month))}-${pad(Number(day))}`);
  } catch {
    return undefined;
  }
}

const safeParse = (iso: string | null) => {
  if (iso === null || !/^\d{4}-\d{2}-\d{2}$/.test(iso)) return undefined;
  try {
    return parseDate(iso);
  } catch {
    return undefined;
  }
};

interface EntryDateFieldProps {
  value: string;
  onChange: (date: string) => void;
  bounds: DateBounds;
  label: string;
  invalid?: boolean;
}

/**
 * Spec 002 §5: an entry date between the last deposit and today; weekends (and market holidays)
 * cannot be picked. Rendered inside the dialog (no portal), so it stays within its focus trap.
 */
export function EntryDateField({ value, onChange, bounds, label, invalid }: EntryDateFieldProps) {
  const current = safeParse(value);
  return (
    <DatePicker.Root
      size="sm"
      locale="en-US"
      value={current ? [current] : []}
      onValueChange={(details) => {
        const picked = details.value[0];
        if (picked) onChange(picked.toString());
      }}
      min={safeParse(bounds.min)}
      max={safeParse(bounds.max)}
      isDateUnavailable={(date) => !isTradingDay(date.toString())}
      format={formatDay}
      parse={parseDay}
      positioning={{ strategy: 'fixed', placement: 'bottom-start' }}
      invalid={invalid}
    >
      <DatePicker.Control>
        <DatePicker.Input aria-label={label} placeholder="MM/DD/YY" />
        <DatePicker.IndicatorGroup>
          <DatePicker.Trigger aria-label={`Choose ${label.toLowerCase()}`}>
            <CalendarIcon />
          </DatePicker.Trigger>
        </DatePicker.IndicatorGroup>
      </DatePicker.Control>
      <DatePicker.Positioner>
        <DatePicker.Content>
          <DatePicker.View view="day">
            <DatePicker.Header />
            <DatePicker.DayTable />
          </DatePicker.View>
          <DatePicker.View view="month">
            <DatePicker.Header />
            <DatePicker.MonthTable />
          </DatePicker.View>
          <DatePicker.View view="year">
            <DatePicker.Header />
            <DatePicker.YearTable />
          </DatePicker.View>
        </DatePicker.Content>
      </DatePicker.Positioner>
    </DatePicker.Root>
  );
}
