/**
 * Replaying captured traffic through a pipeline: the decoder SPI ({@link dev.weir.pipelines.replay.PayloadDecoder},
 * {@link dev.weir.pipelines.replay.DecodedEvents}, {@link dev.weir.pipelines.replay.Payload}), pooled events
 * ({@link dev.weir.pipelines.replay.EventPool}), the pipelines {@code weir replay} runs
 * ({@link dev.weir.pipelines.replay.ReplayJob}) and their rows ({@link dev.weir.pipelines.replay.ResultRow},
 * {@link dev.weir.pipelines.replay.RowSchema}, {@link dev.weir.pipelines.replay.RowPrinter} in an
 * {@link dev.weir.pipelines.replay.OutputFormat}). The user's guide is {@code docs/replay.md}.
 */
package dev.weir.pipelines.replay;
