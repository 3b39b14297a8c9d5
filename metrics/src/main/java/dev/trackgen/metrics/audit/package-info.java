/**
 * The independent audit behind {@code trackgen check}; exported to the command-line module only.
 *
 * <p>API status: internal (see docs/architecture.md, "API lifecycle").
 */
@API(status = INTERNAL, since = "0.1.0")
package dev.trackgen.metrics.audit;

import static org.apiguardian.api.API.Status.INTERNAL;

import org.apiguardian.api.API;
