import { Heading, Link, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { PublicCard, PublicPage } from '../../components/PublicPage';
import { ArrowLeftIcon } from '../../components/ui/icons';

/** Spec 000 §1 and §2: Terms and Conditions and EULA, with a way back to login. */
export function TermsPage() {
  return (
    <PublicPage maxW="3xl">
      <PublicCard>
        <Stack gap="6" lineHeight="tall">
          <BackToLogin />
          <Heading as="h1" size="2xl">
            Terms and Conditions and EULA
          </Heading>
          <Text color="fg.muted">
            These terms govern your use of Insight, its website and its mobile applications (the “Service”).
            By creating an account or signing in you accept them. If you do not accept them, do not use the
            Service.
          </Text>

          <Section title="1. Who may use Insight">
            You must be over 18 years old and able to enter into a binding agreement to use the Service. You
            are responsible for keeping your password and any device that stays signed in safe, and for all
            use of your account.
          </Section>

          <Section title="2. No investment advice">
            Insight does not generate recommendations. All recommendation data shown in the Service comes from
            professional analysts and from market data providers; Insight collects, filters and presents it.
            Nothing in the Service is investment, legal or tax advice, or an offer to buy or sell any
            security. Decide on your own investments, and consult a licensed adviser where appropriate.
          </Section>

          <Section title="3. Market data">
            Data is provided near real time and may differ slightly from real-time sources. Prices, ratings,
            targets and other figures may be delayed, incomplete or wrong, and are provided “as is” without
            warranty of any kind.
          </Section>

          <Section title="4. End User License Agreement (EULA)" id="eula">
            Subject to these terms and to your subscription, Insight grants you a personal, limited,
            non-exclusive, non-transferable and revocable licence to use the Service and its applications for
            your own investment research. You may not copy, resell, redistribute or publish the data, reverse
            engineer the software, access the Service by automated means beyond its normal use, or use it to
            build a competing product. All rights not expressly granted remain with Insight and its licensors.
          </Section>

          <Section title="5. Subscriptions and trials">
            Access may be limited to a trial period or to a paid subscription. When a trial or subscription
            ends, access to the Service may end with it. Contact the Sales Team to continue your access.
          </Section>

          <Section title="6. Limitation of liability">
            To the fullest extent the law allows, Insight is not liable for any loss or damage arising from
            your use of the Service or reliance on its data, including trading losses and lost profits.
          </Section>

          <Section title="7. Governing law">
            These terms are governed by the laws of the State of Israel. The competent courts of Tel Aviv have
            exclusive jurisdiction over any dispute arising from them or from the Service.
          </Section>

          <Section title="8. Changes">
            We may update these terms from time to time. The current version is always available on this page,
            and continuing to use the Service after a change means you accept it.
          </Section>

          <BackToLogin />
        </Stack>
      </PublicCard>
    </PublicPage>
  );
}

function Section({ title, id, children }: { title: string; id?: string; children: ReactNode }) {
  return (
    <Stack as="section" gap="2" id={id} aria-labelledby={id ? `${id}-title` : undefined}>
      <Heading as="h2" size="md" id={id ? `${id}-title` : undefined}>
        {title}
      </Heading>
      <Text>{children}</Text>
    </Stack>
  );
}

function BackToLogin() {
  return (
    <Link asChild color="brand.fg" fontWeight="medium" alignSelf="flex-start">
      <RouterLink to="/login">
        <ArrowLeftIcon /> Back to login
      </RouterLink>
    </Link>
  );
}
