/**
 * Transaction-cost analysis over ITCH (docs/replay.md, "tca"): the top of book per stock kept from the order messages
 * ({@link dev.weir.pipelines.tca.TopOfBook}), its quotes and trades as one stream, the pipeline that as-of joins each
 * trade with the quote of its stock prevailing at it ({@link dev.weir.pipelines.tca.TcaJob}) and the plain-loop
 * reference of the same rows ({@link dev.weir.pipelines.tca.TcaLoop}).
 */
package dev.weir.pipelines.tca;
