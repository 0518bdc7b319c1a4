import { Portal, Tooltip } from '@chakra-ui/react';
import type { ReactElement, ReactNode } from 'react';

/** A short tooltip over a control whose name is also its aria-label (the tooltip is for the eye). */
export function Hint({ label, children }: { label: ReactNode; children: ReactElement }) {
  return (
    <Tooltip.Root openDelay={350} closeDelay={50} positioning={{ placement: 'top' }}>
      <Tooltip.Trigger asChild>{children}</Tooltip.Trigger>
      <Portal>
        <Tooltip.Positioner>
          <Tooltip.Content fontSize="xs" px="2" py="1">
            <Tooltip.Arrow>
              <Tooltip.ArrowTip />
            </Tooltip.Arrow>
            {label}
          </Tooltip.Content>
        </Tooltip.Positioner>
      </Portal>
    </Tooltip.Root>
  );
}
