import { beforeEach, describe, expect, it } from 'vitest';
import { useModals } from './modal-store.ts';

describe('modal store', () => {
  beforeEach(() => useModals.getState().closeAll());

  it('opens modals with id, type, isOpen and data, and closes one by id', () => {
    const first = useModals.getState().openModal('delete-account');
    const second = useModals.getState().openModal('confirm', { question: 'Sure?' });
    expect(first).not.toBe(second);
    expect(useModals.getState().modals).toEqual([
      { id: first, type: 'delete-account', isOpen: true, data: null },
      { id: second, type: 'confirm', isOpen: true, data: { question: 'Sure?' } },
    ]);
    useModals.getState().closeModal(first);
    expect(useModals.getState().modals.map((modal) => modal.id)).toEqual([second]);
    useModals.getState().closeAll();
    expect(useModals.getState().modals).toEqual([]);
  });
});
