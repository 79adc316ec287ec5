import DraftStore
