// GraphQL documents of the resources. The full job and crew shapes reuse the read tools'
// documents (one selection of a job or a crew profile for tools and resources alike); the index
// behind boards, job lists and completions is a light selection of its own, since it scans every
// job of several weeks and needs no roles.
import { loadDocument } from '../tooling/documents.js';

export const jobsDocument = loadDocument('list-jobs');
export const crewProfileDocument = loadDocument('get-crew');
export const crewListDocument = loadDocument('list-crew');

export const jobIndexDocument = `query ResourceJobIndex($input: CompanyJobsInput) {
  companyJobs(input: $input) {
    paginatedList {
      id
      uniqueId
      title
      date
      timezone
      multiDayJobId
      board {
        id
        name
        timezone
      }
    }
    pager {
      currentPage
      pageCount
      perPage
      totalCount
    }
  }
}`;
