// A stand-in for a rank that cannot reach its neighbours: it joins the MPI job, then never
// answers. The ranks beside it must end with a clear message within LATTICELAB_MPI_TIMEOUT.
#include <mpi.h>

#include <chrono>
#include <thread>

int main(int argc, char** argv) {
    MPI_Init(&argc, &argv);
    std::this_thread::sleep_for(std::chrono::seconds(120));
    MPI_Finalize();
    return 0;
}
