import { Text, type TextProps } from '@chakra-ui/react';

export function CopyrightFooter(props: TextProps) {
  return (
    <Text as="footer" fontSize="sm" color="fg.muted" textAlign="center" py="4" {...props}>
      © {new Date().getFullYear()} Insight
    </Text>
  );
}
