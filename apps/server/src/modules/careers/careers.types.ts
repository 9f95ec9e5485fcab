import type { FileStorage } from '../../plugins/storage';
import type { MailProvider } from '../../plugins/messaging';
import type { AccountsService } from '../accounts';
import type { AuthServices } from '../auth';

export interface ResumeUpload {
  data: Buffer;
  filename: string;
}

export interface ResumeDownload {
  key: string;
  filename: string;
}

export interface CareersDeps {
  auth: AuthServices;
  accounts: AccountsService;
  storage: FileStorage;
  mail: MailProvider;
  publicUrl: string;
}
