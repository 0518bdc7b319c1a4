import { Box, Flex, Input, InputGroup, Spinner, Text } from '@chakra-ui/react';
import type { SymbolHit } from '@insight/shared';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useNavigate } from 'react-router';
import { SearchIcon } from '../../components/ui/icons';
import { useSymbolSearch } from '../search/useSymbolSearch';

/**
 * The stock search of the top bar (spec 000 §2, §5): results (symbol and company) from the first
 * character, 200 ms after the last keystroke; choosing one opens its stock page. It is an ARIA 1.2
 * combobox: ArrowDown/ArrowUp move through the results, Enter opens the highlighted one (or the
 * first), Escape closes the list and, pressed again, clears the text.
 */
export function SearchBox() {
  const id = useId();
  const listId = `${id}-results`;
  const optionId = (index: number) => `${id}-option-${index}`;
  const navigate = useNavigate();
  const { view, type } = useSymbolSearch();
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const inputRef = useRef<HTMLInputElement>(null);
  /** Enter pressed before the results for the text arrived: open the first one when they do. */
  const enterPending = useRef<string | null>(null);

  const trimmed = text.trim();
  const current = view.text === trimmed;
  const hits = trimmed === '' ? [] : view.hits;

  const choose = (hit: SymbolHit) => {
    enterPending.current = null;
    setText('');
    type('');
    setOpen(false);
    setActive(-1);
    inputRef.current?.blur();
    void navigate(`/stock/${encodeURIComponent(hit.symbol)}`);
  };

  useEffect(() => {
    if (enterPending.current === null || view.searching || view.text !== enterPending.current) return;
    enterPending.current = null;
    const first = view.hits[0];
    if (first) choose(first);
    // `choose` is rebuilt each render; only a new answer should act on the pending Enter.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [view]);

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    switch (event.key) {
      case 'ArrowDown':
      case 'ArrowUp': {
        if (hits.length === 0) return;
        event.preventDefault();
        setOpen(true);
        const step = event.key === 'ArrowDown' ? 1 : -1;
        setActive((index) => (index + step + hits.length + (index < 0 && step < 0 ? 1 : 0)) % hits.length);
        return;
      }
      case 'Enter': {
        event.preventDefault();
        const hit = hits[active] ?? (current ? hits[0] : undefined);
        if (hit) choose(hit);
        else if (trimmed !== '') enterPending.current = trimmed;
        return;
      }
      case 'Escape':
        if (open && trimmed !== '') {
          event.preventDefault();
          setOpen(false);
          setActive(-1);
        } else if (text !== '') {
          event.preventDefault();
          setText('');
          type('');
        }
        return;
    }
  };

  const showHits = hits.length > 0;
  const showNone = current && !view.searching && !view.failed && hits.length === 0;
  const showSearching = view.searching && hits.length === 0;
  const expanded = open && trimmed !== '' && (showHits || showNone || showSearching);

  return (
    <form role="search" onSubmit={(event) => event.preventDefault()} style={{ width: '100%' }}>
      <Box position="relative">
        <InputGroup
          startElement={<SearchIcon />}
          endElement={view.searching && trimmed !== '' ? <Spinner size="xs" color="fg.muted" /> : undefined}
        >
          <Input
            ref={inputRef}
            type="search"
            placeholder="Search"
            aria-label="Search stocks by symbol or company"
            role="combobox"
            aria-autocomplete="list"
            aria-expanded={expanded}
            aria-controls={listId}
            aria-activedescendant={expanded && active >= 0 ? optionId(active) : undefined}
            size="sm"
            rounded="full"
            bg="bg.subtle"
            value={text}
            onChange={(event) => {
              const next = event.target.value;
              setText(next);
              type(next);
              setOpen(next.trim() !== '');
              setActive(-1);
              enterPending.current = null;
            }}
            onKeyDown={onKeyDown}
            onFocus={() => setOpen(trimmed !== '')}
            onBlur={() => {
              setOpen(false);
              setActive(-1);
            }}
            autoComplete="off"
            spellCheck={false}
          />
        </InputGroup>
        <Box
          id={listId}
          role="listbox"
          aria-label="Search results"
          hidden={!expanded}
          position="absolute"
          top="calc(100% + 6px)"
          left="0"
          w={{ base: 'full', md: 'max(100%, 24rem)' }}
          maxH="min(70vh, 28rem)"
          overflowY="auto"
          bg="bg.panel"
          borderWidth="1px"
          borderColor="border"
          rounded="lg"
          shadow="lg"
          py="1"
          zIndex="popover"
          // Keeps the focus in the input: a click on a result must not blur (and close) it first.
          onMouseDown={(event) => event.preventDefault()}
        >
          {showHits &&
            hits.map((hit, index) => (
              <Flex
                key={hit.symbol}
                id={optionId(index)}
                role="option"
                data-symbol={hit.symbol}
                aria-selected={index === active}
                align="baseline"
                gap="3"
                px="3"
                py="2"
                cursor="pointer"
                bg={index === active ? 'brand.subtle' : undefined}
                _hover={{ bg: index === active ? 'brand.subtle' : 'bg.muted' }}
                onMouseMove={() => setActive(index)}
                onClick={() => choose(hit)}
              >
                <Text as="span" fontWeight="bold" minW="16" color={index === active ? 'brand.fg' : 'fg'}>
                  {hit.symbol}
                </Text>
                <Text as="span" fontSize="sm" color="fg.muted" truncate>
                  {hit.company}
                </Text>
              </Flex>
            ))}
          {showNone && (
            <Text px="3" py="2" fontSize="sm" color="fg.muted">
              No stocks match “{trimmed}”
            </Text>
          )}
          {showSearching && (
            <Text px="3" py="2" fontSize="sm" color="fg.muted">
              Searching…
            </Text>
          )}
        </Box>
      </Box>
    </form>
  );
}
