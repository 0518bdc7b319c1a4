import { Button } from '@chakra-ui/react';
import { StatusPanel } from '../../components/StatusPanel';
import { BriefcaseIcon, WalletIcon } from './icons';

/** Spec 001 §2/§4 "New file": no portfolio yet; setting its funds creates it ('My File'). */
export function NewFilePanel({ onSetFunds }: { onSetFunds: () => void }) {
  return (
    <StatusPanel
      icon={<BriefcaseIcon />}
      title="Start your file"
      action={
        <Button onClick={onSetFunds}>
          <WalletIcon />
          Set Portfolio Funds
        </Button>
      }
    >
      Enter the funds your portfolio starts with. They are issued as units at a unit price of 1; then add your
      long and short positions and follow their performance against the market.
    </StatusPanel>
  );
}
