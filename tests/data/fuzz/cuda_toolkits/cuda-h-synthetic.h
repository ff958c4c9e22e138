#ifndef __cuda_cuda_h__
#define __cuda_cuda_h__
#define CUDA_VERSION 13000
#endif
