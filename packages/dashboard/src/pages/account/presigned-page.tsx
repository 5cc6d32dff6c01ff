// /cloudfront/presigned?url=...: turns the lasting address of a stored file into a short-lived download
// link. A file that is gone (or not the user's) says so, with a way back.
import { Link, useSearchParams } from 'react-router';
import { MissingNotice } from '../../ui/missing-notice.js';
import { FOR_SESSION } from '../../data/query-client.js';
import { queryKeys } from '../../data/query-keys.js';
import { useQuery } from '../../data/use-query.js';
import { api } from '../../session/api.js';
import { Spinner } from '../../ui/spinner.js';

const WAY_BACK = [{ to: '/project-radar', label: 'Back to the Project Radar' }];

export default function PresignedPage() {
  const [params] = useSearchParams();
  const originalUrl = params.get('url') ?? params.get('originalUrl');
  // silent: the page itself says what went wrong.
  const link = useQuery({
    queryKey: originalUrl ? queryKeys.presigned(originalUrl) : null,
    queryFn: ({ signal }) => api.documents.cloudfrontPresigned({ body: { originalUrl: originalUrl ?? '' }, signal, silent: true }),
    staleTime: FOR_SESSION,
  });
  return (
    <div className="container container--narrow">
      <div className="card card--auth">
        <h1 className="page-title">Download</h1>
        {!originalUrl ? (
          <>
            <p>No file was given. Open the download link from your e-mail or from the document again.</p>
            <Link to="/project-radar">Back to the Project Radar</Link>
          </>
        ) : link.loading ? (
          <Spinner label="Preparing the download" />
        ) : link.data ? (
          <a className="btn btn--block" href={link.data.url}>
            Download the file
          </a>
        ) : (
          <MissingNotice what="File" error={link.error} fallback="This file could not be found." back={WAY_BACK} />
        )}
      </div>
    </div>
  );
}
