/** Placeholder until this module's first job lands; see README. */
package org.hperf.jobs;
