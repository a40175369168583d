import { useEffect } from 'react';

import { PRODUCT_NAME as PRODUCT } from './brand.ts';

export function useDocumentTitle(title: string | undefined): void {
  useEffect(() => {
    document.title = title ? `${title} · ${PRODUCT}` : PRODUCT;
  }, [title]);
}
