/**
 * The Nexmark queries as Weir pipelines: the source of generated events ({@link
 * dev.weir.pipelines.nexmark.NexmarkSource}, with the watermark of Nexmark's DDL in {@link
 * dev.weir.pipelines.nexmark.NexmarkStreams}), the immutable values the pipelines keep ({@link
 * dev.weir.pipelines.nexmark.EventRecord} and its members), and one class per query, each turning the events into
 * CSV rows. The user's guide is {@code docs/nexmark.md}, "The queries".
 */
package dev.weir.pipelines.nexmark;
