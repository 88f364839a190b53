#ifndef GALLEY_CMICROHTTPD_H
#define GALLEY_CMICROHTTPD_H
// libmicrohttpd 0.9.75: the HTTP server under `galley serve` and `galley preview`. GalleyServe's MicroHTTPDaemon is
// the only user. Loaded when a server starts (dlopen, lazy_library.h): MicroHTTPDaemon calls galley_mhd_load()
// first, then the galley_ functions below. MHD_start_daemon takes its options as varargs, which Swift cannot call,
// so galley_mhd_start fixes the options Galley uses.
#include <stdint.h>
#include <sys/socket.h>
#include <netinet/in.h>
#include <arpa/inet.h>
#include <microhttpd.h>

#include <lazy_library.h>

#define GALLEY_MHD_FUNCTIONS(F, V, S)                                                                          \
    S(MHD_start_daemon)                                                                                     \
    S(MHD_get_daemon_info)                                                                                  \
    S(MHD_get_connection_info)                                                                              \
    F(MHD_socket, MHD_quiesce_daemon, (struct MHD_Daemon * daemon), (daemon))                               \
    V(MHD_stop_daemon, (struct MHD_Daemon * daemon), (daemon))                                              \
    F(struct MHD_Response *, MHD_create_response_from_buffer,                                               \
      (size_t size, void *buffer, enum MHD_ResponseMemoryMode mode), (size, buffer, mode))                  \
    F(struct MHD_Response *, MHD_create_response_from_callback,                                             \
      (uint64_t size, size_t block_size, MHD_ContentReaderCallback crc, void *crc_cls,                      \
       MHD_ContentReaderFreeCallback crfc),                                                                 \
      (size, block_size, crc, crc_cls, crfc))                                                               \
    V(MHD_destroy_response, (struct MHD_Response * response), (response))                                   \
    F(enum MHD_Result, MHD_add_response_header,                                                             \
      (struct MHD_Response * response, const char *header, const char *content), (response, header, content)) \
    F(enum MHD_Result, MHD_queue_response,                                                                  \
      (struct MHD_Connection * connection, unsigned int status_code, struct MHD_Response *response),        \
      (connection, status_code, response))                                                                  \
    F(int, MHD_get_connection_values,                                                                       \
      (struct MHD_Connection * connection, enum MHD_ValueKind kind, MHD_KeyValueIterator iterator,          \
       void *iterator_cls),                                                                                 \
      (connection, kind, iterator, iterator_cls))

GALLEY_MHD_FUNCTIONS(GALLEY_LAZY_DECLARE, GALLEY_LAZY_DECLARE_VOID, GALLEY_LAZY_DECLARE_NONE)

/// Loads libmicrohttpd (once; thread-safe): NULL when it is loaded, else why not (see lazy_library.h).
const char *galley_mhd_load(void);

/// Starts a daemon listening on `address` (IPv4, port included) with a thread per connection (polled with poll()),
/// an inter-thread channel so it can be quiesced, at most `connection_limit` connections, idle connections closed
/// after `timeout_seconds`, `stack_size` bytes of stack per connection thread.
struct MHD_Daemon *galley_mhd_start(const struct sockaddr_in *address, MHD_AccessHandlerCallback handler,
                                    void *handler_context, MHD_RequestCompletedCallback completed,
                                    void *completed_context, unsigned int connection_limit,
                                    unsigned int timeout_seconds, size_t stack_size);

/// The port the daemon listens on (the kernel's choice when it was started with port 0).
uint16_t galley_mhd_port(struct MHD_Daemon *daemon);

/// The client's IPv4 or IPv6 address as text into `buffer` (empty when unknown).
void galley_mhd_client_address(struct MHD_Connection *connection, char *buffer, socklen_t size);
#endif
