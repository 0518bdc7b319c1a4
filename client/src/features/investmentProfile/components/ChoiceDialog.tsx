import { Button, RadioGroup, Stack, Text } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { DialogShell } from '../../portfolio/dialogs/DialogShell';

export interface Choice {
  value: string;
  label: string;
  detail?: string;
}

interface ChoiceDialogProps {
  open: boolean;
  title: string;
  subtitle: string;
  choices: Choice[];
  empty: string;
  addLabel: string;
  busy: boolean;
  onAdd: (value: string) => void;
  onClose: () => void;
}

/**
 * The add-sector and add-filter dialogs (spec 000 §2, §5): one choice from a list; Add is enabled
 * only once something is chosen.
 */
export function ChoiceDialog({
  open,
  title,
  subtitle,
  choices,
  empty,
  addLabel,
  busy,
  onAdd,
  onClose,
}: ChoiceDialogProps) {
  const [chosen, setChosen] = useState<string | null>(null);
  useEffect(() => {
    if (open) setChosen(null);
  }, [open]);
  return (
    <DialogShell
      open={open}
      onClose={() => {
        if (!busy) onClose();
      }}
      title={title}
      subtitle={subtitle}
      footer={
        <>
          <Button variant="outline" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button onClick={() => chosen !== null && onAdd(chosen)} disabled={chosen === null} loading={busy}>
            {addLabel}
          </Button>
        </>
      }
    >
      {choices.length === 0 ? (
        <Text color="fg.muted">{empty}</Text>
      ) : (
        <RadioGroup.Root
          value={chosen}
          onValueChange={(details) => setChosen(details.value)}
          aria-label={title}
        >
          <Stack gap="1">
            {choices.map((choice) => (
              <RadioGroup.Item
                key={choice.value}
                value={choice.value}
                px="3"
                py="2"
                rounded="md"
                _hover={{ bg: 'bg.muted' }}
                _checked={{ bg: 'brand.subtle' }}
              >
                <RadioGroup.ItemHiddenInput />
                <RadioGroup.ItemIndicator />
                <RadioGroup.ItemText flex="1">
                  {choice.label}
                  {choice.detail && (
                    <Text as="span" color="fg.muted" fontSize="sm">
                      {' '}
                      · {choice.detail}
                    </Text>
                  )}
                </RadioGroup.ItemText>
              </RadioGroup.Item>
            ))}
          </Stack>
        </RadioGroup.Root>
      )}
    </DialogShell>
  );
}
