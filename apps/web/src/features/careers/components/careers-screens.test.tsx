import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CareerApplication } from '@maplesource/contracts/careers';
import { renderApp, renderWithProviders } from '../../../test/render';
import { CareerForm } from './career-form';
import { MyApplication } from './my-application';
import { ResumeDatabase } from './resume-database';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** Answers by URL: `routes` maps "METHOD path-suffix" to a queue of answers. */
function mockApi(routes: Record<string, Response[]>) {
  return vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = new URL(String(input), 'http://localhost');
    const key = `${init?.method ?? 'GET'} ${url.pathname.replace(/^.*\/api\/v1\//, '')}`;
    const queue = routes[key];
    const next = queue?.shift();
    if (!next) return json(404, { error: { code: 'ROUTE_NOT_FOUND', message: `unexpected ${key}` } });
    return next;
  });
}

afterEach(() => vi.restoreAllMocks());

describe('/career/verify-email', () => {
  it('verifies the link and says so', async () => {
    const fetchMock = mockApi({ 'POST career/verify-email': [json(200, { ok: true })] });
    renderApp('/career/verify-email?token=abc123');
    expect(await screen.findByText(/Your e-mail is verified/)).toBeInTheDocument();
    const call = fetchMock.mock.calls.find(([url]) => String(url).includes('career/verify-email'));
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({ token: 'abc123' });
  });

  it('explains an invalid link (copied incorrectly, expired or already verified)', async () => {
    mockApi({
      'POST career/verify-email': [
        json(400, { error: { code: 'CAREER_VERIFICATION_INVALID', message: 'x' } }),
      ],
    });
    renderApp('/career/verify-email?token=wrong');
    expect(await screen.findByText('This link is not valid.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
  });

  it('treats a missing token as an invalid link', async () => {
    mockApi({});
    renderApp('/career/verify-email');
    expect(await screen.findByText('This link is not valid.')).toBeInTheDocument();
  });

  it('offers a retry after an unexpected error, which can then succeed', async () => {
    mockApi({
      'POST career/verify-email': [
        json(500, { error: { code: 'INTERNAL_ERROR', message: 'boom' } }),
        json(200, { ok: true }),
      ],
    });
    renderApp('/career/verify-email?token=abc');
    await userEvent.click(await screen.findByRole('button', { name: 'Try again' }));
    expect(await screen.findByText(/Your e-mail is verified/)).toBeInTheDocument();
  });
});

describe('the résumé database', () => {
  it('explains how to qualify to an account that may not use it', async () => {
    mockApi({
      'GET career/applications': [json(403, { error: { code: 'EMPLOYER_NOT_QUALIFIED', message: 'x' } })],
    });
    renderWithProviders(<ResumeDatabase />);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The résumé database is for verified premium employers');
    expect(alert).toHaveTextContent('a verified business account');
    expect(alert).toHaveTextContent('on the premium employer plan');
  });

  it('lists matching applications with a download link and searches by words', async () => {
    const item = {
      id: '6f1c4b1e-1111-4222-8333-444455556666',
      fullName: 'Léa Tremblay',
      email: 'lea@example.ca',
      phoneNumber: '+14165550199',
      jobCategory: 'engineering',
      province: 'QC',
      city: 'Montréal',
      coverLetter: 'Ingénieure en soudure',
      resume: { filename: 'cv.pdf', contentType: 'application/pdf', bytes: 100 },
      createdAt: '2026-11-01T12:00:00.000Z',
    };
    const fetchMock = mockApi({
      'GET career/applications': [
        json(200, { items: [item], total: 1, page: 1, pageSize: 20 }),
        json(200, { items: [], total: 0, page: 1, pageSize: 20 }),
      ],
    });
    renderWithProviders(<ResumeDatabase />);
    const link = await screen.findByRole('link', { name: 'Download the résumé of Léa Tremblay' });
    expect(link).toHaveAttribute(
      'href',
      expect.stringContaining(`/api/v1/career/applications/${item.id}/resume`),
    );
    await userEvent.type(screen.getByLabelText('Words in the cover letter'), 'boulangerie');
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('No application matches these filters.')).toBeInTheDocument();
    expect(String(fetchMock.mock.calls.at(-1)?.[0])).toContain('q=boulangerie');
  });
});

describe('the career form', () => {
  it('shows every missing field and the missing résumé without sending anything', async () => {
    const fetchMock = mockApi({});
    renderWithProviders(<CareerForm mode="create" defaults={{}} onSaved={() => undefined} />);
    await userEvent.click(screen.getByRole('button', { name: 'Send my application' }));
    expect(await screen.findByText('Choose a job category.')).toBeInTheDocument();
    expect(screen.getByText('Street address is required.')).toBeInTheDocument();
    expect(screen.getByText('Attach your résumé (PDF, JPG, JPEG or PNG).')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('refuses a file that is not a PDF, JPG, JPEG or PNG before sending', async () => {
    renderWithProviders(<CareerForm mode="create" defaults={{}} onSaved={() => undefined} />);
    const input = screen.getByLabelText(/^Résumé/);
    await userEvent.upload(input, new File(['MZ'], 'setup.exe', { type: 'application/octet-stream' }), {
      applyAccept: false,
    });
    expect(await screen.findByText('The résumé must be a PDF, JPG, JPEG or PNG file.')).toBeInTheDocument();
  });
});

describe('my application', () => {
  const application: CareerApplication = {
    id: '6f1c4b1e-1111-4222-8333-444455556666',
    fullName: 'Léa Tremblay',
    email: 'lea@example.ca',
    emailVerified: true,
    phoneNumber: '+14165550199',
    jobCategory: 'engineering',
    street: '200 Bay St',
    province: 'ON',
    city: 'Toronto',
    postalCode: 'M5J 2J2',
    coverLetter: '',
    resume: { filename: 'cv.pdf', contentType: 'application/pdf', bytes: 100 },
    createdAt: '2026-11-01T12:00:00.000Z',
    updatedAt: '2026-11-01T12:00:00.000Z',
    views: [{ viewerName: 'Emma MacDonald', viewedAt: '2026-11-02T15:30:00.000Z' }],
  };

  it('shows who viewed the résumé and withdraws only after confirmation', async () => {
    const fetchMock = mockApi({ 'DELETE career': [json(200, { ok: true })] });
    renderWithProviders(<MyApplication application={application} />);
    const views = screen.getByRole('list', { name: 'Who viewed my résumé' });
    expect(within(views).getByText('Emma MacDonald')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Withdraw my application' }));
    const dialog = screen.getByRole('dialog', { name: 'Withdraw your application?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(fetchMock).not.toHaveBeenCalled();

    await userEvent.click(screen.getByRole('button', { name: 'Withdraw my application' }));
    await userEvent.click(
      within(screen.getByRole('dialog', { name: 'Withdraw your application?' })).getByRole('button', {
        name: 'Withdraw and delete',
      }),
    );
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    expect(fetchMock.mock.calls[0]?.[1]?.method).toBe('DELETE');
  });
});
