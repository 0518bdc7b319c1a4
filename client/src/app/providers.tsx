import { ChakraProvider } from '@chakra-ui/react';
import { MotionConfig } from 'motion/react';
import type { ReactNode } from 'react';
import { Toaster } from '../components/ui/toaster';
import { system } from '../components/ui/theme';
import { AuthSession } from '../features/auth/AuthSession';
import { StoreProvider, appStore, type AppStore } from './store';

/** The state store, the theme, toasts and the session: everything a screen expects around it. */
export function Providers({ store = appStore, children }: { store?: AppStore; children: ReactNode }) {
  return (
    <StoreProvider store={store}>
      <ChakraProvider value={system}>
        {/* Motion follows the system's prefers-reduced-motion: none of it when the user asks so. */}
        <MotionConfig reducedMotion="user">
          <AuthSession />
          {children}
          <Toaster />
        </MotionConfig>
      </ChakraProvider>
    </StoreProvider>
  );
}
