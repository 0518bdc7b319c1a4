import { Box, Button, Checkbox, Fieldset, Flex, Text } from '@chakra-ui/react';
import { checkboxGroupPageSize } from '@insight/shared/alerts/filter';
import { useId, useState } from 'react';

export interface CheckboxOption {
  value: string;
  label: string;
  /** How many current alerts have it. */
  count: number;
}

interface CheckboxFilterProps {
  title: string;
  options: readonly CheckboxOption[];
  chosen: readonly string[];
  onChange: (chosen: string[]) => void;
}

/**
 * One checkbox group of the filter panel: the first 4 options, 'see more / see less' for the rest
 * (spec 000 §2, §9). A chosen option past the first 4 stays in sight, so no choice is hidden.
 */
export function CheckboxFilter({ title, options, chosen, onChange }: CheckboxFilterProps) {
  const [expanded, setExpanded] = useState(false);
  const listId = useId();
  const overflow = options.length > checkboxGroupPageSize;
  const visible = expanded
    ? options
    : options.filter((option, index) => index < checkboxGroupPageSize || chosen.includes(option.value));

  return (
    <Fieldset.Root gap="1.5">
      <Fieldset.Legend fontWeight="medium" fontSize="sm" color="fg">
        {title}
      </Fieldset.Legend>
      <Checkbox.Group value={[...chosen]} onValueChange={onChange} name={title}>
        <Flex direction="column" gap="1" id={listId}>
          {visible.map((option) => (
            <Checkbox.Root
              key={option.value}
              value={option.value}
              size="sm"
              display="flex"
              alignItems="center"
              gap="2.5"
              px="2"
              py="1.5"
              mx="-2"
              rounded="md"
              cursor="pointer"
              _hover={{ bg: 'bg.muted' }}
            >
              <Checkbox.HiddenInput />
              <Checkbox.Control />
              <Checkbox.Label flex="1" minW="0" fontWeight="normal" truncate title={option.label}>
                {option.label}
              </Checkbox.Label>
              <Text as="span" fontSize="xs" color="fg.subtle" fontVariantNumeric="tabular-nums">
                {option.count}
              </Text>
            </Checkbox.Root>
          ))}
        </Flex>
      </Checkbox.Group>
      {overflow && (
        <Box>
          <Button
            variant="plain"
            size="xs"
            px="0"
            h="auto"
            py="1"
            color="brand.fg"
            fontWeight="semibold"
            aria-expanded={expanded}
            aria-controls={listId}
            onClick={() => setExpanded(!expanded)}
          >
            {expanded ? 'see less' : 'see more'}
          </Button>
        </Box>
      )}
    </Fieldset.Root>
  );
}
