import { Field, Input } from '@chakra-ui/react';

interface DateRangeFieldsProps {
  from: string;
  to: string;
  onFrom: (value: string) => void;
  onTo: (value: string) => void;
}

/**
 * The From and To date fields of a report form (ISO dates), each bounding the other so the browser's
 * picker never offers an inverted range. Placed inside the form's row, beside its submit button.
 */
export function DateRangeFields({ from, to, onFrom, onTo }: DateRangeFieldsProps) {
  return (
    <>
      <Field.Root flex="1" minW="36">
        <Field.Label>From</Field.Label>
        <Input
          type="date"
          name="from"
          value={from}
          max={to}
          onChange={(event) => onFrom(event.target.value)}
        />
      </Field.Root>
      <Field.Root flex="1" minW="36">
        <Field.Label>To</Field.Label>
        <Input type="date" name="to" value={to} min={from} onChange={(event) => onTo(event.target.value)} />
      </Field.Root>
    </>
  );
}
