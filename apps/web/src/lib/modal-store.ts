import { create } from 'zustand';

export interface Modal<Data = unknown> {
  id: string;
  /** What the modal shows, e.g. 'delete-account'. */
  type: string;
  isOpen: boolean;
  data: Data;
}

interface ModalState {
  modals: Modal[];
  openModal: (type: string, data?: unknown) => string;
  closeModal: (id: string) => void;
  closeAll: () => void;
}

let counter = 0;

export const useModals = create<ModalState>((set, get) => ({
  modals: [],
  openModal: (type, data = null) => {
    counter += 1;
    const id = `modal-${counter}`;
    set({ modals: [...get().modals, { id, type, isOpen: true, data }] });
    return id;
  },
  closeModal: (id) => set({ modals: get().modals.filter((modal) => modal.id !== id) }),
  closeAll: () => set({ modals: [] }),
}));

/** The open modal of a given type, if any. */
export function useOpenModal(type: string): Modal | undefined {
  return useModals((state) => state.modals.find((modal) => modal.type === type && modal.isOpen));
}
