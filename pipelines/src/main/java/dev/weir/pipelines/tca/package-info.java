/**
 * Transaction-cost analysis over ITCH (docs/replay.md, "tca"): the top of book per stock kept from the order messages
 * ({@link dev.weir.pipelines.tca.TopOfBook}), the trades it prints, and the plain-loop reference of each trade against
 * the quote prevailing at it ({@link dev.weir.pipelines.tca.TcaLoop}).
 */
package dev.weir.pipelines.tca;
