//go:build !unix

package mcpserve

// nonBlocking is nothing where opening a file never waits on a writer.
const nonBlocking = 0
