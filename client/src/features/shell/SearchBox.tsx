import { Input, InputGroup } from '@chakra-ui/react';
import { useState } from 'react';
import { SearchIcon } from '../../components/ui/icons';

/**
 * The stock search box (spec 000 §2). Results (symbol and company, leading to the stock page) come
 * with a later issue; until then typing is kept and submitting does nothing.
 */
export function SearchBox() {
  const [text, setText] = useState('');
  return (
    <form role="search" onSubmit={(event) => event.preventDefault()} style={{ width: '100%' }}>
      <InputGroup startElement={<SearchIcon />}>
        <Input
          type="search"
          placeholder="Search"
          aria-label="Search stocks by symbol or company"
          size="sm"
          rounded="full"
          bg="bg.subtle"
          value={text}
          onChange={(event) => setText(event.target.value)}
          autoComplete="off"
        />
      </InputGroup>
    </form>
  );
}
